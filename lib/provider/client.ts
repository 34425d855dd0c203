import "server-only";
import { confirmDocument } from "./confirm";
import { fetchDocument } from "./document";
import { dta } from "./dta";
import { fetchDocumentData } from "./files";
import type { HttpConfig } from "./http";
import { countDocuments, listPage } from "./paging";
import { createRequester } from "./request";
import type { CallOptions, ProviderConnection } from "./service";
import { sendDocument, type OutgoingFile } from "./send";
import { uvi } from "./uvi";
import { walkDocuments, type WalkOptions } from "./walk";

export type { ProviderConnection, CallOptions } from "./service";
export type { DocumentPage } from "./paging";
export type { DocumentData } from "./files";
export type { ConfirmOutcome } from "./confirm";
export type { WalkOptions, WalkResult } from "./walk";
export type { OutgoingFile } from "./send";
export type { SendOutcome, SendStatus } from "./send-answer";

/**
 * The client of one connection's document service. It only assembles the parts: requests and
 * auth (request.ts), paging (paging.ts, walk.ts), one document (document.ts), files (files.ts),
 * confirmation (confirm.ts) and uploads (send.ts).
 * What it tolerates and how it behaves: docs/provider-client.md.
 */
export function createProviderClient(conn: ProviderConnection, config: HttpConfig) {
  const spec = conn.service === "dta" ? dta : uvi;
  const req = createRequester(conn, spec, config);
  return {
    service: conn.service,
    count: (opts: CallOptions = {}) => countDocuments(req, opts),
    listPage: (offset: number, limit: number, opts: CallOptions = {}) => listPage(req, offset, limit, opts),
    /** The whole list once (a full sync); see walk.ts for the strategy and its bounds. */
    walk: (opts: WalkOptions) => walkDocuments(req, opts),
    /** One document with its metadata (DTA: the file facts a list may leave out); see document.ts. */
    document: (documentid: string, opts: CallOptions = {}) => fetchDocument(req, documentid, opts),
    data: (documentid: string, opts: CallOptions = {}) => fetchDocumentData(req, documentid, opts),
    confirm: (documentid: string, opts: CallOptions = {}) => confirmDocument(req, documentid, opts),
    /** Uploads one file (DTA's `documents/in`), attempted once; see send.ts. */
    send: (file: OutgoingFile, opts: CallOptions = {}) => sendDocument(req, file, opts),
    /** Obtains the bearer token (if any) now, so that a confirmation's deadline is not spent on it. */
    prepare: () => req.prepare(),
  };
}

export type ProviderClient = ReturnType<typeof createProviderClient>;
