/** A user's first and last name, as the console shows them. */
export const fullName = (user: { first_name: string; last_name: string | null }) =>
  [user.first_name, user.last_name].filter(Boolean).join(" ");
