/** The greeting for the local hour (0–23): morning before noon, afternoon until 6 pm, then evening. */
export function greetingKey(hour: number): "overview.goodMorning" | "overview.goodAfternoon" | "overview.goodEvening" {
  if (hour >= 5 && hour < 12) return "overview.goodMorning";
  if (hour >= 12 && hour < 18) return "overview.goodAfternoon";
  return "overview.goodEvening";
}
