"use client";
import { useId, useState, type ReactNode } from "react";
import { Button } from "./button";

/**
 * Filters folded behind one button on a phone (the list comes first there); from the `md`
 * breakpoint on they are always shown and the button is gone. The button says how many filters
 * are set, so a folded filter is never a hidden surprise.
 */
export function FilterDisclosure(props: { label: string; activeLabel: string | null; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        className="self-start md:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {props.label}
        {props.activeLabel && <span className="font-normal"> · {props.activeLabel}</span>}
      </Button>
      <div id={id} className={open ? undefined : "max-md:hidden"}>
        {props.children}
      </div>
    </div>
  );
}
