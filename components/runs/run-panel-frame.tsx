"use client";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * The frame of a run's panel (a confirmation's, a hand-off's): its heading with the run's buttons
 * beside it, then its body. A run this page started takes the focus once, on the heading, so that
 * its outcome is in view wherever the button that started it was; one found on the server
 * (`takesFocus` false) leaves the focus where it is.
 */
export function RunPanelFrame(props: {
  id: string;
  title: string;
  takesFocus: boolean;
  actions: ReactNode;
  children: ReactNode;
}) {
  const { takesFocus } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takesFocus) return;
    let frame = 0;
    let frames = 0;
    const take = () => {
      // A dialog still closing traps the focus and hands it back when it goes (to the row that opened
      // it): the heading takes it once the dialog has gone, or after about two seconds.
      if (document.querySelector("[role=dialog], [role=alertdialog]") && frames++ < 120) {
        frame = requestAnimationFrame(take);
        return;
      }
      heading.current?.scrollIntoView({ block: "start" });
      heading.current?.focus({ preventScroll: true });
    };
    take();
    return () => cancelAnimationFrame(frame);
  }, [takesFocus]);
  return (
    <section
      aria-labelledby={props.id}
      className="flex flex-col gap-3 rounded border border-slate-300 bg-white p-4"
      data-testid={props.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={props.id} ref={heading} tabIndex={-1} className="scroll-mt-4 font-semibold focus:outline-none">
          {props.title}
        </h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}
