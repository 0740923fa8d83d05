import { ActionIcon, Group, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { addMonths, monthCells } from "./calendar";
import classes from "./Calendar.module.css";

/**
 * The schedule-test calendar (spec §2, §9): a 42-cell month grid from Sunday; only days with an
 * available time can be chosen, and months outside the bookable range cannot be reached.
 */
export function Calendar({
  month,
  onMonth,
  selected,
  enabled,
  minDate,
  maxDate,
  onSelect,
}: {
  month: string;
  onMonth: (month: string) => void;
  selected: string | null;
  enabled: ReadonlySet<string>;
  minDate: string;
  maxDate: string;
  onSelect: (date: string) => void;
}) {
  const { t } = useTranslation();
  const cells = monthCells(month);
  const [year, m] = month.split("-").map(Number);
  const monthName = t(`scheduling.months.${m}`);
  const title = t("scheduling.calendar.monthYear", { month: monthName, year });
  const weeks = Array.from({ length: 6 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const dayLabel = (date: string) => {
    const [y, mo, d] = date.split("-").map(Number);
    return t("scheduling.calendar.dayLabel", { weekday: t(`scheduling.weekdays.${new Date(`${date}T00:00:00Z`).getUTCDay()}`), month: t(`scheduling.months.${mo}`), day: d, year: y });
  };
  return (
    <div className={classes.calendar}>
      <Group justify="space-between" mb="xs">
        <ActionIcon variant="subtle" aria-label={t("scheduling.calendar.previous")} disabled={month <= minDate.slice(0, 7)} onClick={() => onMonth(addMonths(month, -1))}>
          ‹
        </ActionIcon>
        <Text fw={600} aria-live="polite">
          {title}
        </Text>
        <ActionIcon variant="subtle" aria-label={t("scheduling.calendar.next")} disabled={month >= maxDate.slice(0, 7)} onClick={() => onMonth(addMonths(month, 1))}>
          ›
        </ActionIcon>
      </Group>
      <table className={classes.grid} aria-label={title}>
        <thead>
          <tr>
            {Array.from({ length: 7 }, (_, d) => (
              <th key={d} scope="col" abbr={t(`scheduling.weekdays.${d}`)}>
                {t(`scheduling.weekdaysShort.${d}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((c) => {
                const available = enabled.has(c.date);
                return (
                  <td key={c.date}>
                    <UnstyledButton
                      className={classes.day}
                      data-outside={!c.inMonth || undefined}
                      data-selected={selected === c.date || undefined}
                      data-available={available || undefined}
                      disabled={!available}
                      aria-pressed={selected === c.date}
                      aria-label={dayLabel(c.date)}
                      onClick={() => onSelect(c.date)}
                    >
                      {c.day}
                    </UnstyledButton>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
