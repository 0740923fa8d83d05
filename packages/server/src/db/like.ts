/** LIKE treats %, _ and \ specially; a searched value means itself. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Whether "the full name starts with `value`" alone means "the first name starts with `value`":
 * the full name is `first || ' ' || last`, so a value without a space can only match within the
 * first name. The first: keyword is then one range of the full name's index, which PostgreSQL
 * estimates from that expression's statistics (two conditions it would take for independent ones
 * and expect a hundred times fewer candidates: issue 26, first:jose at a million candidates).
 */
export const fullNameCoversFirst = (value: string) => !value.includes(" ");
