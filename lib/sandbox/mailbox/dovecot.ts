import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { env } from "@/lib/env";
import { setLocalImap, type ImapServer } from "@/lib/mail-config";
import { onFinish, shutdownSignal } from "@/lib/process/lifecycle";

/**
 * The sandbox's own IMAP server (docs/sandbox.md, "The residents' mail servers"): with SANDBOX=1 and MAIL_IMAP_URL
 * unset, from the first notification the sandbox delivers on, a private Dovecot from Debian's packages runs as a child
 * of the app, on 127.0.0.1 at a free port, with one user (the sandbox's sender, a password made at each start), its
 * configuration and maildir under DATA_DIR/dovecot, its log there too (logins and errors, never a message's text).
 * The mailbox's bounces are delivered into it and the app reads them back from it (lib/mail-config.ts
 * `imapMailbox`). Stopped when the app stops.
 */

export const DOVECOT = "/usr/sbin/dovecot";
const USER = "sandbox";
/** How long the server may take to listen. */
const START_MS = 10_000;

/** A free port on loopback, as the operating system hands one out. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("port"))));
    });
  });
}

/**
 * Where it keeps what: its configuration, users and log in DATA_DIR/dovecot (`data`); its sockets in a short directory
 * of their own under the system's temp (`run`: a socket's path has at most 108 bytes); the mail in `data` too, but
 * in `run` when the app runs as root: DATA_DIR is root's alone (0700), and Dovecot reads mail only as another user.
 */
type Dirs = { data: string; run: string; mail: string };

/**
 * The configuration: everything as the user the app runs as (root in CI, anyone on a laptop), no chroot, no system
 * users (a passwd-file and a static userdb), plain login only on loopback, no TLS (nothing leaves the machine).
 */
function config(dirs: Dirs, port: number, mail: Account): string {
  const me = userInfo();
  const group = nameOf("/etc/group", me.gid) ?? me.username;
  return `# Written by arge-inbox at each start (lib/sandbox/mailbox/dovecot.ts); changes are lost.
base_dir = ${dirs.run}
state_dir = ${path.join(dirs.data, "state")}
instance_name = arge-sandbox-${port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${me.username}
default_login_user = ${mail.name}
default_internal_group = ${group}
first_valid_uid = ${mail.uid}
last_valid_uid = ${mail.uid}
first_valid_gid = 0
mail_location = maildir:${path.join(dirs.mail, "%n")}
mail_uid = ${mail.uid}
mail_gid = ${mail.gid}
log_path = ${path.join(dirs.data, "dovecot.log")}
auth_verbose = no
mail_debug = no
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${path.join(dirs.data, "users")}
}
userdb {
  driver = static
  args = uid=${mail.uid} gid=${mail.gid} home=${path.join(dirs.mail, "%n")}
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service auth {
  user = ${me.username}
}
service auth-worker {
  user = ${me.username}
}
`;
}

/** The name of the user or group numbered `id` in `file` (/etc/passwd, /etc/group). */
function nameOf(file: string, id: number): string | undefined {
  try {
    return readFileSync(file, "utf8")
      .split("\n")
      .map((l) => l.split(":"))
      .find((f) => f[2] === String(id))?.[0];
  } catch {
    return undefined;
  }
}

type Account = { name: string; uid: number; gid: number };

/**
 * Whom Dovecot's login and mail processes run as. Never root (Dovecot refuses it): as root, Debian's unprivileged
 * `dovenull` (else `nobody`); otherwise the user the app runs as.
 */
function unprivileged(): Account {
  const me = userInfo();
  if (me.uid !== 0) return { name: me.username, uid: me.uid, gid: me.gid };
  let passwd = "";
  try {
    passwd = readFileSync("/etc/passwd", "utf8");
  } catch {
    // nobody's numbers below
  }
  for (const name of ["dovenull", "nobody"]) {
    const line = passwd.split("\n").find((l) => l.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(":") ?? [];
    if (uid && gid) return { name, uid: Number(uid), gid: Number(gid) };
  }
  return { name: "nobody", uid: 65534, gid: 65534 };
}

/** Whether something answers on 127.0.0.1:`port`. */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

async function listening(child: ChildProcess, port: number): Promise<boolean> {
  const until = Date.now() + START_MS;
  while (Date.now() < until && child.exitCode === null) {
    if (await answers(port)) return true;
    await sleep(50);
  }
  return false;
}

/** Ends the child and its workers (the master stops them), and removes its sockets' directory. */
function stopper(child: ChildProcess, run: string): () => Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const kill = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.once("exit", kill);
  return async () => {
    kill();
    await Promise.race([exited, sleep(3000)]);
    rmSync(run, { recursive: true, force: true });
  };
}

/** Where a Dovecot of an earlier run of this DATA_DIR is named, to be ended if a crash left it behind. */
const PID_FILE = "dovecot.pid";

/** Ends the Dovecot an earlier process of this DATA_DIR started and left running (it was killed, not stopped). */
function endLeftover(data: string, file: string): void {
  try {
    const pid = Number(readFileSync(path.join(data, PID_FILE), "utf8"));
    if (Number.isInteger(pid) && pid > 1 && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(file))
      process.kill(pid, "SIGTERM");
  } catch {
    // none, or gone
  }
}

/** Starts Dovecot and waits until it listens; its address and login, or undefined (said in the log). */
async function start(): Promise<ImapServer | undefined> {
  const config_ = env();
  const data = path.join(config_.dataDir, "dovecot");
  const file = path.join(data, "dovecot.conf");
  mkdirSync(data, { recursive: true, mode: 0o700 });
  const run = mkdtempSync(path.join(tmpdir(), "arge-dovecot-"));
  const account = unprivileged();
  const dirs: Dirs = { data, run, mail: path.join(userInfo().uid === 0 ? run : data, "mail") };
  mkdirSync(dirs.mail, { recursive: true, mode: 0o700 });
  chownSync(dirs.mail, account.uid, account.gid);
  const pass = randomBytes(18).toString("base64url");
  const user = config_.mail?.from.address ?? USER;
  writeFileSync(path.join(data, "users"), `${user}:{PLAIN}${pass}\n`, { mode: 0o600 });
  const port = await freePort();
  writeFileSync(file, config(dirs, port, account), { mode: 0o600 });
  const child = spawn(DOVECOT, ["-F", "-c", file], { stdio: ["ignore", "ignore", "pipe"] });
  let said = "";
  child.stderr?.on("data", (chunk: Buffer) => (said = (said + chunk.toString("utf8")).slice(-400)));
  child.once("error", () => undefined);
  if (child.pid) writeFileSync(path.join(data, PID_FILE), String(child.pid), { mode: 0o600 });
  const stop = stopper(child, run);
  if (!(await listening(child, port))) {
    await stop();
    console.error(
      `sandbox: Dovecot did not start, bounces are not read (see ${path.join(data, "dovecot.log")}): ${said.trim().split("\n").at(-1) ?? ""}`,
    );
    return undefined;
  }
  // Last of all at a shutdown: registered once the drain has begun, after the work that may still read or append.
  shutdownSignal().addEventListener(
    "abort",
    () =>
      onFinish(async () => {
        setLocalImap(undefined);
        await stop();
      }),
    { once: true },
  );
  console.log(`sandbox mailbox: IMAP (Dovecot) on 127.0.0.1:${port}`);
  return { host: "127.0.0.1", port, secure: false, requireTLS: false, auth: { user, pass }, mailbox: "INBOX" };
}

const KEY = Symbol.for("arge-inbox.sandbox-dovecot");
const holder = globalThis as { [KEY]?: Promise<ImapServer | undefined> };

/**
 * The sandbox's own IMAP server, started at its first use (the first notification to deliver: a test server or a
 * demo that bounces nothing runs none) and then kept; undefined where MAIL_IMAP_URL names a mailbox, Dovecot is
 * missing or did not start (tried once per process).
 */
export function localImap(): Promise<ImapServer | undefined> {
  if (env().imap || !existsSync(DOVECOT)) return Promise.resolve(undefined);
  holder[KEY] ??= start().then((server) => {
    setLocalImap(server);
    return server;
  });
  return holder[KEY];
}

/**
 * At the start: a Dovecot a killed earlier process of this DATA_DIR left running is ended; where Dovecot is missing
 * (and MAIL_IMAP_URL unset), one line says that bounces are not read.
 */
export function initLocalImap(): void {
  if (env().imap) return;
  const data = path.join(env().dataDir, "dovecot");
  endLeftover(data, path.join(data, "dovecot.conf"));
  if (existsSync(DOVECOT)) return;
  console.log(
    "sandbox: Dovecot fehlt, Unzustellbarkeitsmeldungen werden nicht gelesen (apt-get install dovecot-imapd) / Dovecot is not installed, bounces are not read (apt-get install dovecot-imapd)",
  );
}
