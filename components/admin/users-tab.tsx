"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useAdminUserSearch, type AdminUserSearch } from "@/lib/queries/admin/users";
import type { ConsoleScreenProps } from "./console-route";
import { LinkButton } from "./ui/link-button";
import { TextField } from "./ui/text-field";
import { QueryTable } from "./ui/query-table";
import { fullName } from "./user-name";
import { UserRecord } from "./user-record";

/** The Users screen: search ("#users"), and one user's record ("#users/<id>"). */
export default function UsersTab({ route }: ConsoleScreenProps) {
  const userId = Number(route.rest);
  return Number.isInteger(userId) && userId > 0 ? (
    <UserRecord userId={userId} onBack={() => route.go("users")} />
  ) : (
    <UserSearch onOpen={(id) => route.go("users", String(id))} />
  );
}

function UserSearch({ onOpen }: { onOpen: (id: number) => void }) {
  const t = useTranslations("admin.users");
  const [search, setSearch] = useState<AdminUserSearch>({ q: "", page: 1 });
  return (
    <section data-testid="admin-users">
      <h1>{t("title")}</h1>
      <SearchForm onSearch={(q) => setSearch({ q, page: 1 })} />
      <QueryTable
        query={useAdminUserSearch(search)}
        empty={t("empty")}
        rowKey={(user) => user.id}
        rowTestId="admin-user-row"
        columns={[
          { header: t("id"), cell: (user) => <LinkButton onClick={() => onOpen(user.id)}>{user.id}</LinkButton> },
          { header: t("telegramId"), cell: (user) => user.telegram_id },
          { header: t("name"), cell: fullName },
          { header: t("username"), cell: (user) => (user.username ? `@${user.username}` : "—") },
          { header: t("status"), cell: (user) => (user.blocked_at ? t("blocked") : t("active")) },
        ]}
        footer={(data) =>
          data.items.length && data.has_more ? (
            <div className="admin-pager">
              <LinkButton onClick={() => setSearch((s) => ({ ...s, page: s.page + 1 }))}>{t("more")}</LinkButton>
            </div>
          ) : null
        }
      />
    </section>
  );
}

function SearchForm({ onSearch }: { onSearch: (q: string) => void }) {
  const t = useTranslations("admin.users");
  const [draft, setDraft] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="admin-form" role="search" onSubmit={submit}>
      <TextField
        type="search"
        label={t("search")}
        value={draft}
        onChange={setDraft}
        maxLength={100}
        testId="admin-users-search"
      />
      <button type="submit" className="admin-button">
        {t("searchButton")}
      </button>
    </form>
  );
}
