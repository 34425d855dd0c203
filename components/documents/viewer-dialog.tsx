"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { focusDoc } from "./use-inbox-navigation";

/**
 * On a phone the open document fills the screen as a modal dialog (the split view has no room
 * there, and a pane below the list would open out of sight). Radix traps the focus and closes on
 * Esc; closing puts the focus back on the document's row, whichever way it was opened, unless
 * the focus went elsewhere on purpose.
 */
export function ViewerDialog({
  docKey,
  onClose,
  children,
}: {
  docKey: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          // Named by the pane's heading (the file name, or "not found").
          aria-labelledby="viewer-title"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            // Unless what closed it moved the focus on purpose (a confirmation's panel, confirm-run-panel.tsx).
            const active = document.activeElement;
            if (active === null || active === document.body || active.closest("[role=dialog], [role=alertdialog]"))
              focusDoc(docKey);
          }}
          className="fixed inset-0 z-40 flex flex-col overflow-auto bg-white focus:outline-none"
          data-testid="viewer-dialog"
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
