import type { ConsentAccess } from "@/lib/handoffs/consent/access";
import { accessUnit } from "@/lib/handoffs/consent/texts";
import { BUTTON, ConsentFrame, consentT, type ConsentLang } from "./consent-frame";

/**
 * The objection page (`/widerspruch/{token}`, docs/api.md "Consent"): its GET changes nothing (mail scanners follow
 * links); its one button posts to `/api/consent/{token}/objection`, which comes back here (303) with `s=done`.
 */
export function ObjectionPage(props: { access: ConsentAccess; token: string; lang: ConsentLang; done: boolean }) {
  const { access, token, lang, done } = props;
  const t = consentT(lang);
  const other = `/widerspruch/${token}${lang === "de" ? "?lang=en" : ""}`;
  const unit = accessUnit(access);
  if (done || access.channel === "post")
    return (
      <ConsentFrame lang={lang} title={t("consent.objection.title")} other={other} unit={unit}>
        <p role="status" className="mt-4 text-slate-800">
          {t(done ? "consent.objection.done" : "consent.objection.post")}
        </p>
      </ConsentFrame>
    );
  return (
    <ConsentFrame lang={lang} title={t("consent.objection.title")} other={other} unit={unit}>
      <p className="mt-4 text-slate-700">{t("consent.objection.intro")}</p>
      <form method="post" action={`/api/consent/${token}/objection?lang=${lang}`} className="mt-6">
        <button type="submit" className={BUTTON}>
          {t("consent.objection.button")}
        </button>
      </form>
    </ConsentFrame>
  );
}
