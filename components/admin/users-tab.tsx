"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { adminApi } from "./admin-session";
import { QueryState } from "./query-state";
import type { ConsoleScreenProps } from "./console-route";
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
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState({ q: "", page: 1 });
  const query = useQuery({
    queryKey: ["admin", "users", search],
    queryFn: () => adminApi("GET /api/admin/users", { query: search }),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ q: draft.trim(), page: 1 });
  };
  return (
    <section data-testid="admin-users">
      <h1>{t("title")}</h1>
      <form className="admin-form" role="search" onSubmit={submit}>
        <label>
          {t("search")}
          <input
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="admin-users-search"
            maxLength={100}
          />
        </label>
        <button type="submit" className="admin-button">
          {t("searchButton")}
        </button>
      </form>
      <QueryState query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="admin-hint">{t("empty")}</p>
          ) : (
            <>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>{t("id")}</th>
                      <th>{t("telegramId")}</th>
                      <th>{t("name")}</th>
                      <th>{t("username")}</th>
                      <th>{t("status")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((user) => (
                      <tr key={user.id} data-testid="admin-user-row">
                        <td>
                          <button type="button" className="admin-link-button" onClick={() => onOpen(user.id)}>
                            {user.id}
                          </button>
                        </td>
                        <td>{user.telegram_id}</td>
                        <td>{[user.first_name, user.last_name].filter(Boolean).join(" ")}</td>
                        <td>{user.username ? `@${user.username}` : "—"}</td>
                        <td>{user.blocked_at ? t("blocked") : t("active")}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {data.has_more ? (
                <div className="admin-pager">
                  <button
                    type="button"
                    className="admin-link-button"
                    onClick={() => setSearch((s) => ({ ...s, page: s.page + 1 }))}
                  >
                    {t("more")}
                  </button>
                </div>
              ) : null}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
