import { backofficeContentMessages, contentMessages, type BackofficeContentMessage, type ContentFileMessage } from "@parlance/contract";
import { fill } from "./upload.js";

/**
 * The messages of a checked upload. The importer's come as it writes them (English, for test
 * authors: content/README.md lists them); those it takes from the contract's templates
 * (content/format.ts contentMessages) are ours and go with their i18n key `boContent.format.<name>`
 * and values, so the screen shows them in the reader's language. Ours have `boContent.messages.<name>`.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The templates the screens translate (wrongMediaType's English article and kind words do not translate). */
const TRANSLATED: readonly (keyof typeof contentMessages)[] = ["noSections", "noItems", "noChoices", "badAnswer", "duplicateChoice", "duplicateItemId"];

/** Each translated template of format.ts as a pattern that captures its placeholders. */
const TEMPLATES = TRANSLATED.map((name) => [name, contentMessages[name]] as const).map(([name, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((piece) => {
      const m = /^\{(\w+)\}$/.exec(piece);
      if (!m) return escape(piece);
      names.push(m[1]);
      return "(.+?)";
    })
    .join("");
  return { name, names, pattern: new RegExp(`^${source}$`) };
});

/** One of the importer's errors, with its key when it is one of the contract's templates. */
export function importerMessage(text: string): ContentFileMessage {
  for (const t of TEMPLATES) {
    const m = t.pattern.exec(text);
    if (!m) continue;
    const values = Object.fromEntries(t.names.map((n, i) => [n, /^\d+$/.test(m[i + 1]) ? Number(m[i + 1]) : m[i + 1]]));
    return { level: "error", message: text, messageKey: `boContent.format.${t.name}`, messageValues: values };
  }
  return { level: "error", message: text };
}

/** One of our messages (an error or a warning), filled in and keyed. */
export function ourMessage(level: ContentFileMessage["level"], name: BackofficeContentMessage, values?: Record<string, string | number>): ContentFileMessage {
  return { level, message: fill(backofficeContentMessages[name], values), messageKey: `boContent.messages.${name}`, ...(values ? { messageValues: values } : {}) };
}
