"use client";
import { Button } from "@/components/ui/button";
import { Table, Th } from "@/components/ui/table";
import type { InboxGroup } from "@/lib/views/inbox/client";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";
import { DocumentRow } from "./document-row";
import { isConfirmable, isHandoffable, propertiesOf, type DocView } from "./inbox-model";

export type GroupHandlers = {
  connectionName: (id: string) => string;
  spokenName: (doc: DocView) => string;
  isSelected: (key: string) => boolean;
  activeKey: string | null;
  openKey: string | null;
  compact: boolean;
  onToggle: (doc: DocView) => void;
  onOpen: (doc: DocView) => void;
  onConfirm: (docs: DocView[]) => void;
  onHandoff: (docs: DocView[]) => void;
  onFocus: (doc: DocView) => void;
};

/**
 * A unit's facts: its numbers, then the resident from the register (its property is the section's
 * heading), or without a register the provider's property-management numbers; the open count.
 */
function factsOf(t: ReturnType<typeof useT>, group: InboxGroup, docs: DocView[]): [MessageKey, string | number][] {
  const r = group.register;
  const open: [MessageKey, number] = ["inbox.unit.open", docs.filter((d) => d.state === "open").length];
  if (group.billing) return [["inbox.billing.number", group.unit ?? "—"], open];
  const resident = r?.resident
    ? t("inbox.unit.residentOn", { name: r.resident.name, channel: t(`units.channel.${r.resident.channel}`) })
    : t(r?.vacant ? "inbox.unit.vacancy" : "inbox.unit.noResident");
  const properties = propertiesOf(docs);
  return [
    ...(group.label && group.unit ? [["inbox.unit.number", group.unit] as [MessageKey, string]] : []),
    ["inbox.unit.pmnumber", group.pmnumber ?? "—"],
    r ? ["inbox.unit.resident", resident] : ["inbox.unit.property", properties.length ? properties.join(", ") : "—"],
    open,
  ];
}

/**
 * A unit's heading (a level below its property's when the page has them), "confirm all" of its open
 * documents and, when the register names its resident, "hand on" of its archived ones.
 */
function UnitHeading(props: {
  group: InboxGroup;
  docs: DocView[];
  headingId: string;
  nested: boolean;
  h: Pick<GroupHandlers, "onConfirm" | "onHandoff">;
}) {
  const { group, docs, headingId } = props;
  const { onConfirm, onHandoff } = props.h;
  const Heading = props.nested ? "h3" : "h2";
  const t = useT();
  const open = docs.filter(isConfirmable);
  const handoffable = group.register?.resident ? docs.filter(isHandoffable) : [];
  const unitName = group.unit ?? t("inbox.unit.none");
  const title = group.billing
    ? t("inbox.billing.title")
    : (group.label ?? (group.unit ? t("inbox.unit.title", { unit: group.unit }) : t("inbox.unit.none")));
  const facts = factsOf(t, group, docs);
  // A unit cut by the pager says which of its documents this page holds.
  const span =
    group.before > 0 || group.before + group.documents.length < group.total
      ? t("inbox.unit.span", { from: group.before + 1, to: group.before + group.documents.length, total: group.total })
      : null;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 px-1">
      <div>
        <Heading id={headingId} className="font-semibold text-slate-900">
          {title}
        </Heading>
        {group.billing && <p className="text-sm text-slate-700">{t("inbox.billing.hint")}</p>}
        {span && <p className="text-sm text-slate-700">{span}</p>}
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {facts.map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt>{t(label)}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        {open.length > 0 && (
          <Button
            variant="secondary"
            onClick={() => onConfirm(open)}
            aria-label={`${t("inbox.unit.confirmAll", { n: open.length })}: ${unitName}`}
          >
            {t("inbox.unit.confirmAll", { n: open.length })}
          </Button>
        )}
        {handoffable.length > 0 && (
          <Button
            variant="secondary"
            onClick={() => onHandoff(handoffable)}
            aria-label={`${t("inbox.handoff.unit", { n: handoffable.length })}: ${unitName}`}
          >
            {t("inbox.handoff.unit", { n: handoffable.length })}
          </Button>
        )}
      </div>
    </div>
  );
}

/** One usage unit: its heading, then its documents. */
export function UnitGroup({
  group,
  docs,
  index,
  nested,
  h,
}: {
  group: InboxGroup;
  docs: DocView[];
  index: number;
  nested: boolean;
  h: GroupHandlers;
}) {
  const t = useT();
  const headingId = `unit-${index}`;
  const unitName = group.unit ?? t("inbox.unit.none");
  const byId = new Map(docs.map((d) => [`${d.connectionId}:${d.documentid}`, d.filename]));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="unit-group">
      <UnitHeading group={group} docs={docs} headingId={headingId} nested={nested} h={h} />
      <Table caption={t("inbox.unit.caption", { unit: unitName })} captionHidden cards>
        <thead className="max-md:sr-only">
          <tr>
            <Th>
              <span className="sr-only">{t("inbox.col.select")}</span>
            </Th>
            <Th>{t("inbox.col.period")}</Th>
            {!h.compact && <Th>{t("inbox.col.type")}</Th>}
            <Th>{t("inbox.col.file")}</Th>
            {!h.compact && <Th>{t("inbox.col.connection")}</Th>}
            <Th>{t("inbox.col.state")}</Th>
            {!h.compact && (
              <Th>
                <span className="sr-only">{t("inbox.col.actions")}</span>
              </Th>
            )}
          </tr>
        </thead>
        <tbody className="max-md:block">
          {docs.map((d) => (
            <DocumentRow
              key={d.key}
              doc={d}
              connectionName={h.connectionName(d.connectionId)}
              spokenName={h.spokenName(d)}
              replacement={d.replacedBy ? (byId.get(`${d.connectionId}:${d.replacedBy}`) ?? null) : null}
              selected={h.isSelected(d.key)}
              active={h.activeKey === d.key}
              open={h.openKey === d.key}
              compact={h.compact}
              onToggle={() => h.onToggle(d)}
              onOpen={() => h.onOpen(d)}
              onConfirm={() => h.onConfirm([d])}
              onHandoff={() => h.onHandoff([d])}
              onFocus={() => h.onFocus(d)}
            />
          ))}
        </tbody>
      </Table>
    </section>
  );
}
