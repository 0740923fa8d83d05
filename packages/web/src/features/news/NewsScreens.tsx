import { useParams } from "react-router";
import NewsListPage from "./NewsListPage";
import ArticlePage from "./ArticlePage";

/**
 * /news and /news/{slug-or-id} as one lazy route: every lazy route adds its preload list to the
 * first screen's download (docs/architecture.md), and the two pages share nearly all their code.
 */
export default function NewsScreens() {
  const { slug } = useParams();
  return slug ? <ArticlePage /> : <NewsListPage />;
}
