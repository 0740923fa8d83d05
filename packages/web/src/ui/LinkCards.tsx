import { Card, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";
import classes from "./LinkCards.module.css";

export interface LinkCardItem {
  to: string;
  label: string;
  description: string;
}

/**
 * A grid of cards, each wholly a link named by its title (home pages and settings). A `#anchor`
 * target stays a plain link so the browser scrolls to it.
 */
export function LinkCards({ items, label, headingLevel }: { items: LinkCardItem[]; label?: string; headingLevel?: "h2" | "h3" }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" className={classes.list} mb="xl" aria-label={label}>
      {items.map((item) => {
        const body = (
          <>
            <Text component={headingLevel ?? "p"} fw={700} fz="lg" c="indigo.9" m={0}>
              {item.label}
            </Text>
            <Text size="sm" c="gray.7" mt={6}>
              {item.description}
            </Text>
          </>
        );
        return (
          <li key={item.to}>
            {item.to.startsWith("#") ? (
              <Card component="a" href={item.to} withBorder padding="lg" className={classes.card}>
                {body}
              </Card>
            ) : (
              <Card component={Link} to={item.to} withBorder padding="lg" className={classes.card}>
                {body}
              </Card>
            )}
          </li>
        );
      })}
    </SimpleGrid>
  );
}
