"use client";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";
import { DownloadLink } from "./download-link";

/** A failure in words: what happened (with the server's reason when it gave one) and what to do. */
export function ViewerError(props: {
  message: string;
  download?: { src: string; filename: string };
  onRetry?: () => void;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="font-medium">{props.message}</p>
      {(props.onRetry || props.download) && <p>{t(props.download ? "viewer.errorHint" : "viewer.errorHintRetry")}</p>}
      <div className="flex flex-wrap gap-2">
        {props.onRetry && (
          <Button variant="secondary" type="button" onClick={props.onRetry}>
            {t("viewer.retry")}
          </Button>
        )}
        {props.download && <DownloadLink href={props.download.src} filename={props.download.filename} />}
      </div>
    </div>
  );
}
