"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/**
 * A modal dialog (Radix: focus trapped inside, returned to the trigger on close, Esc closes,
 * labelled by its title and described by its description).
 */
export function Dialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <RadixDialog.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none ${props.wide ? "max-w-3xl" : "max-w-lg"}`}
          {...(props.description ? {} : { "aria-describedby": undefined })}
        >
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">{props.title}</RadixDialog.Title>
          {props.description && (
            <RadixDialog.Description className="mt-2 text-sm text-slate-700">
              {props.description}
            </RadixDialog.Description>
          )}
          <div className="mt-4">{props.children}</div>
          <RadixDialog.Close className="absolute right-3 top-3 rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700">
            <span aria-hidden="true">✕</span>
            <span className="sr-only">{props.closeLabel}</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
