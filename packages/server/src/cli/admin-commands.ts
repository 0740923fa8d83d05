import { parseArgs } from "node:util";
import { LANGUAGES, USER_EMAIL_MAX, USER_NAME_MAX, looksLikeEmailAddress, parseLanguage, type Language } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { rotateKey } from "../results/index.js";
import { createAdministrator, findAdministrator, listAdministrators, mailActivationLink, type MailOutcome } from "../ops/index.js";

/**
 * `npm run admin -- <command> [options]`: the commands, on an open database (the tests call
 * runAdminCommand directly; cli/admin.ts opens the database and calls it).
 *
 * Exit codes: 0 done; 1 refused or failed (the address is taken, no such Administrator, the
 * database is busy or unreachable); 2 the command line is wrong (unknown command or option, a
 * missing or malformed value).
 */

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

export const USAGE = [
  "Usage: npm run admin -- <command> [options]",
  "",
  "Commands:",
  '  create-admin --email <address> [--name "First Last"] [--language en-US|zh-HANS|zh-HANT] [--print-link]',
  "      Creates an Administrator of the provider without a password and mails them an activation",
  "      link (valid 7 days) through the outbox: at once when SMTP_URL is set. They choose their own",
  "      password on the page the link opens. --print-link also shows the link here, for a server",
  "      without SMTP: treat it as a password.",
  "  send-activation --email <address> [--print-link]",
  "      Mails an Administrator a new activation link (one who lost the first, or a forgotten password).",
  "  list-admins",
  "      Lists the Administrators: address, name, state (active, pending activation, deactivated), last sign-in.",
  "  rotate-credential-key",
  "      Retires the key that signs result credentials and makes a new one (docs/verification.md).",
  "      The retired key stays published: every credential it signed still verifies.",
  "  help",
  "",
  "Runs on DATABASE_URL, or the embedded database in DATA_DIR (./data) while the server is stopped.",
];

type Parsed = { email?: string; name?: string; language?: string; "print-link"?: boolean };

/** A wrong command line; `showUsage`: print every command (an unknown command or option). */
class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

function parse(args: string[]): Parsed {
  if (args.some((a) => /^--pass(word)?(=|$)/i.test(a))) {
    throw new UsageError("There is no --password: the Administrator chooses a password through the activation link.");
  }
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { email: { type: "string" }, name: { type: "string" }, language: { type: "string" }, "print-link": { type: "boolean" } },
      strict: true,
      allowPositionals: true,
    });
    if (positionals.length > 0) throw new UsageError(`Unexpected argument '${positionals[0]}'.`, true);
    return values;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(err instanceof Error ? err.message.replace(/\. To specify a positional.*$/s, ".") : String(err), true);
  }
}

function emailOf(p: Parsed): string {
  const email = p.email?.trim() ?? "";
  if (!email) throw new UsageError("--email <address> is required.");
  if (email.length > USER_EMAIL_MAX || !looksLikeEmailAddress(email)) throw new UsageError(`'${email}' is not a valid email address.`);
  return email;
}

function nameOf(p: Parsed): { firstName: string; lastName: string } {
  const name = (p.name ?? "Portal Administrator").trim().replace(/\s+/g, " ");
  const cut = name.lastIndexOf(" ");
  if (cut <= 0) throw new UsageError(`--name needs a first and a last name, such as --name "Grace Lin".`);
  const firstName = name.slice(0, cut);
  const lastName = name.slice(cut + 1);
  if (firstName.length > USER_NAME_MAX || lastName.length > USER_NAME_MAX) throw new UsageError(`The first and the last name may have at most ${USER_NAME_MAX} characters each.`);
  return { firstName, lastName };
}

function languageOf(p: Parsed): Language {
  if (p.language === undefined) return "en-US";
  const language = parseLanguage(p.language);
  if (!language) throw new UsageError(`--language must be one of ${LANGUAGES.join(", ")}.`);
  return language;
}

function reportMail(io: CliIo, ctx: AppContext, email: string, outcome: MailOutcome, link: string, printLink: boolean): void {
  const days = Math.round(ctx.config.activationKeyMs / 86_400_000);
  if (outcome.sent) io.out(`The activation link was mailed to ${email} (valid ${days} days).`);
  else if (outcome.reason === "smtpFailed") {
    io.err(`The mail could not be sent now (${outcome.error}). It stays in the outbox; the server sends it when it runs, and retries.`);
  } else {
    io.err(
      "SMTP_URL is not set: the activation mail stays in the outbox" +
        (ctx.config.production ? "." : " (the developer mailbox at /dev/mailbox shows it to an Administrator).") +
        (printLink ? "" : " Run send-activation with --print-link to see the link here."),
    );
  }
  if (printLink) io.out(`Activation link (single use, valid ${days} days; treat it as a password): ${link}`);
}

type Run = (ctx: AppContext) => Promise<number>;

function createAdmin(p: Parsed, io: CliIo): Run {
  const email = emailOf(p);
  const person = { email, ...nameOf(p), language: languageOf(p) };
  return async (ctx) => {
    const userId = await createAdministrator(ctx, person);
    if (userId === null) {
      io.err(`A user with the email address ${email} already exists: nothing was created. (send-activation mails an existing Administrator a new link.)`);
      return EXIT.refused;
    }
    io.out(`Administrator ${person.firstName} ${person.lastName} <${email}> created (user ${userId}), without a password until activated.`);
    const { link, outcome } = await mailActivationLink(ctx, userId);
    reportMail(io, ctx, email, outcome, link, p["print-link"] === true);
    return EXIT.ok;
  };
}

function sendActivation(p: Parsed, io: CliIo): Run {
  const email = emailOf(p);
  return async (ctx) => {
    const admin = await findAdministrator(ctx, email);
    if (!admin) {
      io.err(`No active Administrator has the email address ${email}.`);
      return EXIT.refused;
    }
    const { link, outcome } = await mailActivationLink(ctx, admin.id);
    reportMail(io, ctx, admin.email, outcome, link, p["print-link"] === true);
    return EXIT.ok;
  };
}

const STATE_TEXT = { active: "active", pending: "pending activation", deactivated: "deactivated" } as const;

async function listAdmins(ctx: AppContext, io: CliIo): Promise<number> {
  const admins = await listAdministrators(ctx);
  if (admins.length === 0) {
    io.out("No Administrators yet: create the first with create-admin --email <address>.");
    return EXIT.ok;
  }
  for (const a of admins) {
    const last = a.lastLoginAt ? `last sign-in ${a.lastLoginAt.toISOString().slice(0, 16).replace("T", " ")} UTC` : "never signed in";
    io.out(`${a.email}\t${a.name}\t${STATE_TEXT[a.state]}\t${last}`);
  }
  io.out(`${admins.length} Administrator(s).`);
  return EXIT.ok;
}

/**
 * Reads the command line before any database is opened: an exit code at once (help, or a wrong
 * command line, with the usage on stderr), or the command to run on an open database.
 */
export function planAdminCommand(argv: string[], io: CliIo): { exit: number } | { run: Run } {
  const [command, ...rest] = argv;
  if (command === "help" || command === "--help" || command === "-h") {
    USAGE.forEach(io.out);
    return { exit: EXIT.ok };
  }
  try {
    if (command === "create-admin") return { run: createAdmin(parse(rest), io) };
    if (command === "send-activation") return { run: sendActivation(parse(rest), io) };
    if (command === "list-admins") {
      parse(rest);
      return { run: (ctx) => listAdmins(ctx, io) };
    }
    if (command === "rotate-credential-key") {
      parse(rest);
      return {
        run: async (ctx) => {
          io.out(`New credential signing key: ${await rotateKey(ctx)} (the previous one is retired and stays published).`);
          return EXIT.ok;
        },
      };
    }
    throw new UsageError(command ? `Unknown command '${command}'.` : "Which command?", true);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(err.message);
    if (err.showUsage) {
      io.err("");
      USAGE.forEach(io.err);
    } else io.err("(npm run admin -- help lists the commands and their options.)");
    return { exit: EXIT.usage };
  }
}

/** Runs one command on an open database; answers its exit code. */
export async function runAdminCommand(ctx: AppContext, argv: string[], io: CliIo): Promise<number> {
  const plan = planAdminCommand(argv, io);
  return "exit" in plan ? plan.exit : plan.run(ctx);
}
