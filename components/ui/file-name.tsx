import { Fragment } from "react";

/** A file name cut after each separator (`_`, `-`, `.`), the only places it may wrap. */
export const fileNameParts = (name: string): string[] => name.split(/(?<=[_\-.])/);

/**
 * A file name that wraps only after a separator, never inside a word ("…55501001.p" / "df"): a `<wbr>` after each
 * `_`, `-` and `.`, and no break elsewhere. A part longer than its line still scrolls rather than break.
 */
export function FileName({ name }: { name: string }) {
  return (
    <span className="[overflow-wrap:normal] [word-break:normal]">
      {fileNameParts(name).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** Stands for the file name in a sentence while it is made (a character no catalogue text holds). */
const SLOT = "\u0000";

/**
 * A sentence that names a file ("Sie bestätigen … den Empfang von {name}."), the name in it wrapping only after its
 * separators like `FileName`: `words` makes the sentence with the place of the name it is given.
 */
export function NamingFile({ words, name }: { words: (slot: string) => string; name: string }) {
  const [before = "", ...rest] = words(SLOT).split(SLOT);
  return (
    <>
      {before}
      {rest.map((after, i) => (
        <Fragment key={i}>
          <FileName name={name} />
          {after}
        </Fragment>
      ))}
    </>
  );
}
