import { favoriteBodySchema, favoriteResponseSchema, favoritesResponseSchema } from "@/lib/contracts/assistants";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { addFavorite, listFavorites, removeFavorite } from "@/lib/server/catalogue/assistants";

// GET /api/user/assistants - the caller's favourite assistants
export const GET = withUser({ response: favoritesResponseSchema }, async ({ db, user }) =>
  listFavorites({ db, userId: user.id, language: userLanguage(user) }),
);

// POST /api/user/assistants - add an assistant to the caller's favourites (idempotent)
export const POST = withUser(
  { body: favoriteBodySchema, response: favoriteResponseSchema },
  async ({ db, user, body }) => addFavorite({ db, userId: user.id, assistantId: body.assistantId }),
);

// DELETE /api/user/assistants - remove an assistant from the caller's favourites
export const DELETE = withUser(
  { body: favoriteBodySchema, response: favoriteResponseSchema },
  async ({ db, user, body }) => removeFavorite({ db, userId: user.id, assistantId: body.assistantId }),
);
