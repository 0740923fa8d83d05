import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Button, Group, TextInput } from "@mantine/core";
import { useTranslation } from "../../i18n";

/** A labelled search field with its button: submits the trimmed text (Enter or the button). */
export function SearchBar({ label, value, maxLength, onSearch, children }: { label: string; value: string; maxLength: number; onSearch: (q: string) => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} role="search">
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <TextInput label={label} value={text} maxLength={maxLength} onChange={(e) => setText(e.currentTarget.value)} style={{ flex: "1 1 16rem" }} type="search" />
        {children}
        <Button type="submit" variant="light">
          {t("backofficeAccounts.search")}
        </Button>
      </Group>
    </form>
  );
}
