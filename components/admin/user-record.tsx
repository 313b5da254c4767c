"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { AdminUser } from "@/lib/contracts/admin-users";
import { QUOTA_KEYS, type QuotaKey } from "@/lib/shared/quota-kinds";
import { adminApi } from "./admin-session";
import { QueryState } from "./query-state";

/** One user's record (GET /api/admin/users/{id}) with the grant form and the block toggle. */
export function UserRecord({ userId, onBack }: { userId: number; onBack: () => void }) {
  const t = useTranslations("admin.users");
  const query = useQuery({
    queryKey: ["admin", "user", userId],
    queryFn: () => adminApi("GET /api/admin/users/{id}", { params: { id: String(userId) } }),
  });
  return (
    <section data-testid="admin-user">
      <button type="button" className="admin-link-button" onClick={onBack}>
        ← {t("back")}
      </button>
      <QueryState query={query}>{(record) => <RecordView record={record} />}</QueryState>
    </section>
  );
}

function RecordView({ record }: { record: AdminUser }) {
  const t = useTranslations("admin.users");
  const tk = useTranslations("admin.kinds");
  const format = useFormatter();
  const { user } = record;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" });
  return (
    <>
      <h1>
        {[user.first_name, user.last_name].filter(Boolean).join(" ")}{" "}
        {user.username ? <span className="admin-hint">@{user.username}</span> : null}
      </h1>
      <BlockToggle userId={user.id} blocked={user.blocked_at !== null} />

      <h2>{t("account")}</h2>
      <dl className="admin-facts">
        <dt>{t("id")}</dt>
        <dd>{user.id}</dd>
        <dt>{t("telegramId")}</dt>
        <dd>{user.telegram_id}</dd>
        <dt>{t("language")}</dt>
        <dd>{user.language}</dd>
        <dt>{t("joined")}</dt>
        <dd>{when(user.created_at)}</dd>
        <dt>{t("lastLogin")}</dt>
        <dd>{when(user.last_login_at)}</dd>
        {user.bot_blocked_at ? (
          <>
            <dt>{t("botBlocked")}</dt>
            <dd>{when(user.bot_blocked_at)}</dd>
          </>
        ) : null}
        <dt>{t("tariff")}</dt>
        <dd>
          {record.tariff
            ? `${t("tariffLine", { name: record.tariff.name, date: when(record.tariff.expires_at) })}${record.tariff.recurrent ? `, ${t("autoPay")}` : ""}`
            : t("noTariff")}
        </dd>
      </dl>

      <h2>{t("balances")}</h2>
      <div className="admin-table-wrap">
        <table className="admin-table" data-testid="admin-user-balances">
          <thead>
            <tr>
              <th>{t("kind")}</th>
              <th>{t("allowance")}</th>
              <th>{t("packageUnits")}</th>
            </tr>
          </thead>
          <tbody>
            {QUOTA_KEYS.map((kind) => (
              <tr key={kind} data-testid={`admin-balance-${kind}`}>
                <td>{tk(kind)}</td>
                <td>{format.number(record.balances[kind].allowance)}</td>
                <td data-testid={`admin-package-${kind}`}>{format.number(record.balances[kind].package_units)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <GrantForm userId={user.id} />

      <h2>{t("referral")}</h2>
      <dl className="admin-facts">
        <dt>{t("referralCode")}</dt>
        <dd>{record.referral.code}</dd>
        <dt>{t("referredBy")}</dt>
        <dd>{record.referral.referred_by_user_id ?? "—"}</dd>
        <dt>{t("referralBalance")}</dt>
        <dd>{format.number(record.referral.balance_rub, { style: "currency", currency: "RUB" })}</dd>
        <dt>{t("invited")}</dt>
        <dd>{record.referral.invited}</dd>
      </dl>

      <h2>{t("payments")}</h2>
      {record.payments.length === 0 ? (
        <p className="admin-hint">{t("noPayments")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t("when")}</th>
                <th>{t("kind")}</th>
                <th>{t("status")}</th>
                <th>{t("provider")}</th>
                <th>{t("amount")}</th>
              </tr>
            </thead>
            <tbody>
              {record.payments.map((p) => (
                <tr key={p.id}>
                  <td>{when(p.created_at)}</td>
                  <td>{p.kind}</td>
                  <td>{p.status}</td>
                  <td>{p.provider}</td>
                  <td>{format.number(p.amount_rub, { style: "currency", currency: "RUB" })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t("ledger")}</h2>
      {record.ledger.length === 0 ? (
        <p className="admin-hint">{t("noLedger")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="admin-user-ledger">
            <thead>
              <tr>
                <th>{t("when")}</th>
                <th>{t("kind")}</th>
                <th>{t("units")}</th>
                <th>{t("balanceAfter")}</th>
                <th>{t("reason")}</th>
              </tr>
            </thead>
            <tbody>
              {record.ledger.map((l) => (
                <tr key={l.id}>
                  <td>{when(l.created_at)}</td>
                  <td>{tk(l.kind)}</td>
                  <td>{format.number(l.units, { signDisplay: "always" })}</td>
                  <td>{format.number(l.balance_after)}</td>
                  <td>{l.model_name ? `${l.reason} · ${l.model_name}` : l.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t("dialogues")}</h2>
      {record.dialogues.length === 0 ? (
        <p className="admin-hint">{t("noDialogues")}</p>
      ) : (
        <ul className="admin-list">
          {record.dialogues.map((d) => (
            <li key={d.id}>
              {d.title} <span className="admin-hint">{when(d.updated_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Refreshes what a change to one user shows: their record, the user list and the audit log. */
function useRefreshUser(userId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["admin", "user", userId] }),
      queryClient.invalidateQueries({ queryKey: ["admin", "users"] }),
      queryClient.invalidateQueries({ queryKey: ["admin", "audit"] }),
    ]);
}

function GrantForm({ userId }: { userId: number }) {
  const t = useTranslations("admin.users");
  const tk = useTranslations("admin.kinds");
  const refresh = useRefreshUser(userId);
  const [kind, setKind] = useState<QuotaKey>("text_tokens");
  const [units, setUnits] = useState("");
  const [reason, setReason] = useState("");
  const grant = useMutation({
    mutationFn: () =>
      adminApi("POST /api/admin/users/{id}/grant", {
        params: { id: String(userId) },
        body: { kind, units: Number(units), reason },
      }),
    onSuccess: async () => {
      setUnits("");
      setReason("");
      await refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate();
  };
  return (
    <form className="admin-form admin-grant" onSubmit={submit} data-testid="admin-grant">
      <strong className="admin-form__title">{t("grant")}</strong>
      <label>
        {t("kind")}
        <select value={kind} onChange={(e) => setKind(e.target.value as QuotaKey)} data-testid="admin-grant-kind">
          {QUOTA_KEYS.map((k) => (
            <option key={k} value={k}>
              {tk(k)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("grantUnits")}
        <input
          type="number"
          step={1}
          required
          value={units}
          onChange={(e) => setUnits(e.target.value)}
          data-testid="admin-grant-units"
        />
      </label>
      <label>
        {t("grantReason")}
        <input
          type="text"
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="admin-grant-reason"
        />
      </label>
      <button type="submit" className="admin-button" disabled={grant.isPending} data-testid="admin-grant-submit">
        {t("grantSubmit")}
      </button>
      <p role="status" className={grant.isError ? "admin-error" : "admin-hint"} data-testid="admin-grant-result">
        {grant.isError ? t("actionFailed", { message: grant.error.message }) : null}
        {grant.data
          ? t("granted", {
              kind: tk(grant.data.kind),
              allowance: grant.data.balance.allowance,
              packageUnits: grant.data.balance.package_units,
            })
          : null}
      </p>
    </form>
  );
}

function BlockToggle({ userId, blocked }: { userId: number; blocked: boolean }) {
  const t = useTranslations("admin.users");
  const refresh = useRefreshUser(userId);
  const toggle = useMutation({
    mutationFn: () =>
      adminApi(blocked ? "POST /api/admin/users/{id}/unblock" : "POST /api/admin/users/{id}/block", {
        params: { id: String(userId) },
      }),
    onSuccess: refresh,
  });
  return (
    <p>
      <span className={blocked ? "admin-error" : "admin-hint"} data-testid="admin-user-status">
        {blocked ? t("blocked") : t("active")}
      </span>{" "}
      <button
        type="button"
        className={blocked ? "admin-button" : "admin-button admin-button--danger"}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate()}
        data-testid="admin-block-toggle"
      >
        {blocked ? t("unblock") : t("block")}
      </button>
      {toggle.isError ? (
        <span className="admin-error"> {t("actionFailed", { message: toggle.error.message })}</span>
      ) : null}
    </p>
  );
}
