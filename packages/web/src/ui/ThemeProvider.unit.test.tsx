import { describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Alert, Burger, Button, Group, Loader, MantineProvider, Paper, Text, TextInput, Title, useMantineContext, useMantineTheme } from "@mantine/core";
import { cssVariablesResolver, theme } from "./theme";
import { ThemeProvider } from "./ThemeProvider";
import { mantineProviderStyles } from "../../vite-plugins/mantine-static-styles";

/** What the components read from the providers. */
function Probe() {
  const theme = useMantineTheme();
  const { colorScheme, classNamesPrefix, withStaticClasses, cssVariablesSelector } = useMantineContext();
  return <output>{JSON.stringify({ theme, colorScheme, classNamesPrefix, withStaticClasses, cssVariablesSelector })}</output>;
}

const screen = (
  <Paper withBorder p={{ base: "md", sm: "xl" }}>
    <Title order={1}>Sign in</Title>
    <Text c="gray.7">Lead</Text>
    <Burger hiddenFrom="md" opened={false} aria-label="Open" />
    <Group visibleFrom="md" gap="sm">
      <Button variant="default" size="xs">
        Language
      </Button>
      <Button loading>Continue</Button>
    </Group>
    <TextInput label="Email" error="Provide an email" />
    <Alert color="red" variant="light" withCloseButton closeButtonLabel="Close">
      Failed
    </Alert>
    <Loader role="status" aria-label="Loading" />
    <Probe />
  </Paper>
);

/** The markup without MantineProvider's style tags, and with React's ids (positions in the tree) made equal. */
function markup(node: ReactNode): string {
  return renderToStaticMarkup(node)
    .replace(/<style data-mantine-styles[^>]*>[^<]*<\/style>/g, "")
    .replace(/_R_\w+_/g, "id");
}

describe("ThemeProvider", () => {
  it("renders Mantine's components exactly as MantineProvider with the app's theme does", () => {
    const ours = markup(<ThemeProvider>{screen}</ThemeProvider>);
    expect(ours).toBe(markup(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>{screen}</MantineProvider>));
    expect(ours).toContain("mantine-hidden-from-md");
  });

  it("the build's stylesheet is what MantineProvider writes: the theme's variables and the responsive classes", () => {
    const css = mantineProviderStyles();
    expect(css).toContain("--mantine-primary-color-filled: var(--mantine-color-indigo-filled)");
    expect(css).toContain("--mantine-color-error: var(--mantine-color-red-9)");
    expect(css).toContain(".mantine-hidden-from-md {display: none !important;}");
  });
});
