export { ContentSection } from "./ContentSection";
