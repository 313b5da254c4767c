import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listAssistants, POST as createAssistant } from "@/app/api/admin/assistants/route";
import { PATCH as patchAssistant } from "@/app/api/admin/assistants/[id]/route";
import { GET as listCategories, POST as createCategory } from "@/app/api/admin/assistant-categories/route";
import { PATCH as patchCategory } from "@/app/api/admin/assistant-categories/[id]/route";
import { GET as byCategory } from "@/app/api/assistants/list_by_category/route";
import { GET as categories } from "@/app/api/assistants/categories/route";
import { getDb } from "@/db";
import { adminAudit, assistantCategories, assistants, users } from "@/db/schema";
import { catalogueAssistants, catalogueCategories } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-guards";

const auditRows = async () => (await (await getDb()).select({ n: count() }).from(adminAudit))[0].n;
const categoryId = async (type: string) =>
  (await (await getDb()).select().from(assistantCategories).where(eq(assistantCategories.aiChatType, type)))[0].id;
const patch = (token: string, id: number, body: unknown) =>
  call(patchAssistant, "PATCH", `/api/admin/assistants/${id}`, { token, params: { id: String(id) }, body });
const listed = async (token: string, type: string) =>
  (await call(byCategory, "GET", "/api/assistants/list_by_category", { token, query: { type } })).body;

describe("GET /api/admin/assistants and /api/admin/assistant-categories", () => {
  it("list every assistant with its instructions, and every category with both names", async () => {
    await expectOperatorOnly(listAssistants, "GET", "/api/admin/assistants");
    await expectOperatorOnly(listCategories, "GET", "/api/admin/assistant-categories");
    const token = await operatorToken();
    const all = await call(listAssistants, "GET", "/api/admin/assistants", { token });
    expect(all.status).toBe(200);
    expect(all.body[0]).toMatchObject({
      name: catalogueAssistants[0].name,
      name_en: catalogueAssistants[0].nameEn,
      instructions: catalogueAssistants[0].systemPrompt,
      enabled: true,
      model_ids: [],
    });
    const cats = await call(listCategories, "GET", "/api/admin/assistant-categories", { token });
    expect(cats.body[0]).toMatchObject({
      ai_chat_type: catalogueCategories[0].aiChatType,
      name: catalogueCategories[0].name,
      name_en: catalogueCategories[0].nameEn,
    });
  });
});

describe("POST and PATCH /api/admin/assistants", () => {
  it("creates an assistant the app lists in the reader's language; disabling it hides it; audited", async () => {
    const body = {
      category_id: await categoryId("work"),
      name: "Юрист",
      name_en: "Lawyer",
      description: "Договоры",
      description_en: "Contracts",
      instructions: "You are a lawyer.",
    };
    await expectOperatorOnly(createAssistant, "POST", "/api/admin/assistants", { body });
    const token = await operatorToken();
    const rows = await auditRows();
    const created = await call(createAssistant, "POST", "/api/admin/assistants", { token, body });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...body, type: "text", enabled: true });
    const { token: reader, userId } = await signIn();
    await (await getDb()).update(users).set({ language: "en" }).where(eq(users.id, userId));
    expect(
      (await listed(reader, "work")).find((a: { assistant_id: number }) => a.assistant_id === created.body.id),
    ).toMatchObject({ name: "Lawyer", description: "Contracts" });

    await expectOperatorOnly(patchAssistant, "PATCH", `/api/admin/assistants/${created.body.id}`, {
      params: { id: String(created.body.id) },
      body: { enabled: false },
    });
    const off = await patch(token, created.body.id, { enabled: false, instructions: "You are a careful lawyer." });
    expect(off.body).toMatchObject({ enabled: false, instructions: "You are a careful lawyer." });
    expect(
      (await listed(reader, "work")).some((a: { assistant_id: number }) => a.assistant_id === created.body.id),
    ).toBe(false);
    expect(await auditRows()).toBe(rows + 2);
  });

  it("refuses bad input with 400 (unknown category or model, image assistant without its tab) and changes nothing", async () => {
    const token = await operatorToken();
    const [first] = await (await getDb()).select().from(assistants).orderBy(assistants.sortOrder).limit(1);
    const rows = await auditRows();
    const good = { category_id: first.categoryId, name: "X" };
    for (const body of [
      { ...good, name: "" },
      { ...good, category_id: 999_999 },
      { ...good, model_ids: [999_999] },
      { ...good, type: "generating_image" },
    ]) {
      expect(
        (await call(createAssistant, "POST", "/api/admin/assistants", { token, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    for (const body of [{ category_id: 999_999 }, { enabled: 1 }, { seed_key: "x" }])
      expect((await patch(token, first.id, body)).status).toBe(400);
    expect((await patch(token, 999_999, { enabled: false })).status).toBe(404);
    expect(await auditRows()).toBe(rows);
    expect((await (await getDb()).select().from(assistants).where(eq(assistants.id, first.id)))[0]).toMatchObject({
      name: first.name,
      enabled: true,
    });
  });
});

describe("POST and PATCH /api/admin/assistant-categories", () => {
  it("creates and renames a category, audited; a taken key is 409 and bad input 400", async () => {
    const body = { ai_chat_type: "law", name: "Право", name_en: "Law" };
    await expectOperatorOnly(createCategory, "POST", "/api/admin/assistant-categories", { body });
    const token = await operatorToken();
    const rows = await auditRows();
    const created = await call(createCategory, "POST", "/api/admin/assistant-categories", { token, body });
    expect(created.body).toMatchObject(body);
    expect((await call(createCategory, "POST", "/api/admin/assistant-categories", { token, body })).status).toBe(409);
    expect(
      (
        await call(createCategory, "POST", "/api/admin/assistant-categories", {
          token,
          body: { ...body, ai_chat_type: "Bad Key" },
        })
      ).status,
    ).toBe(400);
    const params = { id: String(created.body.id) };
    await expectOperatorOnly(patchCategory, "PATCH", `/api/admin/assistant-categories/${created.body.id}`, {
      params,
      body: { name: "Y" },
    });
    expect(
      (await call(patchCategory, "PATCH", "/api/admin/assistant-categories/x", { token, params, body: { name: "" } }))
        .status,
    ).toBe(400);
    const renamed = await call(patchCategory, "PATCH", `/api/admin/assistant-categories/${created.body.id}`, {
      token,
      params,
      body: { name_en: "Legal" },
    });
    expect(renamed.body.name_en).toBe("Legal");
    expect(await auditRows()).toBe(rows + 2);
    const { token: reader, userId } = await signIn();
    await (await getDb()).update(users).set({ language: "en" }).where(eq(users.id, userId));
    expect(
      (await call(categories, "GET", "/api/assistants/categories", { token: reader })).body.find(
        (c: { ai_chat_type: string }) => c.ai_chat_type === "law",
      ).name,
    ).toBe("Legal");
  });
});
