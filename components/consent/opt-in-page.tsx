import { formatDate } from "@/lib/format";
import type { ConsentAccess } from "@/lib/handoffs/consent/access";
import { accessUnit } from "@/lib/handoffs/consent/texts";
import type { MessageKey } from "@/lib/i18n/messages";
import { BUTTON, ConsentFrame, consentT, INPUT, LINK, type ConsentLang } from "./consent-frame";

/**
 * The opt-in page (`/einwilligung/{token}`, docs/api.md "Consent"): the resident chooses e-mail or the portal, types
 * their address, gets a code by e-mail and types it in. Plain forms that post to `/api/consent/{token}/…` and come
 * back here (303) with the answer in `s`: it works without a script, by keyboard, and reads at 390 px.
 */

const ERRORS = new Set(["badEmail", "wait", "mailOff", "notSent", "wrong", "locked", "expired", "none", "malformed"]);
export const OPT_IN_STATES = new Set([...ERRORS, "sent", "given"]);

export type OptInProps = {
  access: ConsentAccess;
  token: string;
  lang: ConsentLang;
  /** The answer of the last action (`s`), one of OPT_IN_STATES. */
  state: string | undefined;
  minutes: number;
  timeZone: string;
  /** The same tenancy's objection page, linked once a consent is in force. */
  objection: string;
};

function AddressForm({ token, lang, again }: { token: string; lang: ConsentLang; again: boolean }) {
  const t = consentT(lang);
  return (
    <form method="post" action={`/api/consent/${token}/code?lang=${lang}`} className="mt-4 space-y-4">
      <fieldset>
        <legend className="font-medium">{t("consent.optIn.choice")}</legend>
        {(["email", "portal"] as const).map((c) => (
          <label key={c} className="mt-2 flex min-h-11 items-start gap-3">
            <input type="radio" name="channel" value={c} defaultChecked={c === "email"} className="mt-1 size-5" />
            <span>{t(c === "email" ? "consent.optIn.email" : "consent.optIn.portal")}</span>
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor={`email-${again ? "again" : "first"}`} className="font-medium">
          {t("consent.optIn.address")}
        </label>
        <input
          id={`email-${again ? "again" : "first"}`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          aria-describedby={`email-hint-${again ? "again" : "first"}`}
          className={INPUT}
        />
        <p id={`email-hint-${again ? "again" : "first"}`} className="mt-1 text-sm text-slate-600">
          {t("consent.optIn.addressHint")}
        </p>
      </div>
      <button type="submit" className={BUTTON}>
        {t("consent.optIn.send")}
      </button>
    </form>
  );
}

export function OptInPage({ access, token, lang, state, minutes, timeZone, objection }: OptInProps) {
  const t = consentT(lang);
  const other = `/einwilligung/${token}${lang === "de" ? "?lang=en" : ""}`;
  const unit = accessUnit(access);
  const consent = access.consent && access.channel === access.consent.channel ? access.consent : null;
  const vars = { left: access.code?.attemptsLeft ?? 0 };
  const status =
    state && OPT_IN_STATES.has(state) && state !== "given"
      ? { text: t(`consent.state.${state}` as MessageKey, vars), error: ERRORS.has(state) }
      : undefined;
  if (consent) {
    const done = state === "given";
    const text = done
      ? t(consent.channel === "email" ? "consent.done.email" : "consent.done.portal")
      : t(consent.channel === "email" ? "consent.already.email" : "consent.already.portal", {
          at: formatDate(new Date(consent.at), { locale: lang, timeZone }),
        });
    return (
      <ConsentFrame
        lang={lang}
        title={done ? t("consent.done.title") : t("consent.optIn.title")}
        other={other}
        unit={unit}
      >
        <p role="status" className="mt-4 text-slate-800">
          {text}
        </p>
        <p className="mt-4 text-sm text-slate-700">{t("consent.optIn.withdraw")}</p>
        <p className="mt-4 text-sm">
          <a className={LINK} href={`${objection}${lang === "en" ? "?lang=en" : ""}`}>
            {t("consent.objectLink")}
          </a>
        </p>
      </ConsentFrame>
    );
  }
  const open = access.code?.state === "open";
  return (
    <ConsentFrame lang={lang} title={t("consent.optIn.title")} other={other} unit={unit} status={status}>
      <p className="mt-4 text-slate-700">{t("consent.optIn.intro")}</p>
      {open ? (
        <>
          <section aria-labelledby="code-title" className="mt-6">
            <h2 id="code-title" className="text-lg font-semibold">
              {t("consent.code.title")}
            </h2>
            <p className="mt-1 text-slate-700">{t("consent.code.sent", { minutes })}</p>
            <form method="post" action={`/api/consent/${token}/confirm?lang=${lang}`} className="mt-4 space-y-4">
              <div>
                <label htmlFor="code" className="font-medium">
                  {t("consent.code.label")}
                </label>
                <input
                  id="code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9 ]{6,7}"
                  maxLength={7}
                  required
                  className={`${INPUT} max-w-48 tracking-widest`}
                />
              </div>
              <button type="submit" className={BUTTON}>
                {t("consent.code.confirm")}
              </button>
            </form>
          </section>
          <details className="mt-8">
            <summary className={`${LINK} cursor-pointer`}>{t("consent.code.again")}</summary>
            <AddressForm token={token} lang={lang} again />
          </details>
        </>
      ) : (
        <AddressForm token={token} lang={lang} again={false} />
      )}
      <p className="mt-6 text-sm text-slate-700">{t("consent.optIn.withdraw")}</p>
    </ConsentFrame>
  );
}
