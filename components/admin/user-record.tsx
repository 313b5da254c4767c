"use client";
import { useTranslations } from "next-intl";
import type { AdminUser } from "@/lib/contracts/admin-users";
import { useAdminUser } from "@/lib/queries/admin/users";
import { QUOTA_KEYS } from "@/lib/shared/quota-kinds";
import { QueryState } from "./query-state";
import { DataTable } from "./ui/data-table";
import { Facts } from "./ui/facts";
import { LinkButton } from "./ui/link-button";
import { useConsoleFormat } from "./ui/use-console-format";
import { BlockToggle, GrantForm } from "./user-actions";
import { useRecordColumns } from "./user-record-columns";
import { fullName } from "./user-name";

/** One user's record (GET /api/admin/users/{id}) with the grant form and the block toggle. */
export function UserRecord({ userId, onBack }: { userId: number; onBack: () => void }) {
  const t = useTranslations("admin.users");
  const query = useAdminUser(userId);
  return (
    <section data-testid="admin-user">
      <LinkButton onClick={onBack}>← {t("back")}</LinkButton>
      <QueryState query={query}>{(record) => <RecordView record={record} />}</QueryState>
    </section>
  );
}

function RecordView({ record }: { record: AdminUser }) {
  const t = useTranslations("admin.users");
  const { user } = record;
  const columns = useRecordColumns(record);
  const { when } = useConsoleFormat();
  return (
    <>
      <h1>
        {fullName(user)} {user.username ? <span className="admin-hint">@{user.username}</span> : null}
      </h1>
      <BlockToggle userId={user.id} blocked={user.blocked_at !== null} />
      <p>
        <a href={`#requests/user_id=${user.id}`} data-testid="admin-user-requests">
          {t("requests")}
        </a>
      </p>
      <h2>{t("account")}</h2>
      <AccountFacts record={record} />
      <h2>{t("balances")}</h2>
      <DataTable
        rows={QUOTA_KEYS}
        columns={columns.balances}
        rowKey={(kind) => kind}
        rowAttributes={(kind) => ({ "data-testid": `admin-balance-${kind}` })}
        testId="admin-user-balances"
      />
      <GrantForm userId={user.id} />
      <h2>{t("referral")}</h2>
      <ReferralFacts record={record} />
      <h2>{t("payments")}</h2>
      <DataTable rows={record.payments} columns={columns.payments} rowKey={(p) => p.id} empty={t("noPayments")} />
      <h2>{t("ledger")}</h2>
      <DataTable
        rows={record.ledger}
        columns={columns.ledger}
        rowKey={(l) => l.id}
        empty={t("noLedger")}
        testId="admin-user-ledger"
      />
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

function AccountFacts({ record: { user, tariff } }: { record: AdminUser }) {
  const t = useTranslations("admin.users");
  const { when } = useConsoleFormat();
  const tariffLine = tariff
    ? `${t("tariffLine", { name: tariff.name, date: when(tariff.expires_at) })}${tariff.recurrent ? `, ${t("autoPay")}` : ""}`
    : t("noTariff");
  return (
    <Facts
      facts={[
        { label: t("id"), value: user.id },
        { label: t("telegramId"), value: user.telegram_id },
        { label: t("language"), value: user.language },
        { label: t("joined"), value: when(user.created_at) },
        { label: t("lastLogin"), value: when(user.last_login_at) },
        user.bot_blocked_at !== null && { label: t("botBlocked"), value: when(user.bot_blocked_at) },
        { label: t("tariff"), value: tariffLine },
      ]}
    />
  );
}

function ReferralFacts({ record: { referral } }: { record: AdminUser }) {
  const t = useTranslations("admin.users");
  const { rub } = useConsoleFormat();
  return (
    <Facts
      facts={[
        { label: t("referralCode"), value: referral.code },
        { label: t("referredBy"), value: referral.referred_by_user_id ?? "—" },
        { label: t("referralBalance"), value: rub(referral.balance_rub) },
        { label: t("invited"), value: referral.invited },
      ]}
    />
  );
}
