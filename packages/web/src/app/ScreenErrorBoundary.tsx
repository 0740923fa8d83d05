import { Component, type ReactNode } from "react";
import { PageLoader } from "../ui/PageLoader";

interface Props {
  children: ReactNode;
  /** The address: moving to another one tries the screen again. */
  resetKey?: string;
}

/**
 * A screen that fails to render (or whose chunk cannot be downloaded) shows "The page could not be
 * loaded." with Try again (a reload), where the data router used to show its own English error page.
 */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <PageLoader failed onRetry={() => window.location.reload()} /> : this.props.children;
  }
}
