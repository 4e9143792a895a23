import { AlertCircle } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { reloadForCode } from '../lib/code-load-failure.ts';
import { Button } from './ui/button.tsx';
import { Card, CardBody } from './ui/card.tsx';

/**
 * A page whose code could not be loaded (or that failed to render) says so with a Reload button, instead
 * of leaving an empty screen; when a fresh load can bring the code, the page reloads by itself first.
 */
export class CodeLoadBoundary extends Component<{ children: ReactNode; resetKey?: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  /** A page that failed is tried afresh once the reader goes to another page (`resetKey`, the path). */
  override componentDidUpdate(previous: { resetKey?: string }): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown): void {
    console.error('A page could not be shown', error);
    reloadForCode();
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Card className="mx-auto max-w-md" data-app-load-failed="">
        <CardBody className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
          <AlertCircle aria-hidden="true" className="h-10 w-10 text-red-600" />
          <h2 className="text-lg font-semibold">This page could not be loaded</h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">Check the connection, then reload the page.</p>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </CardBody>
      </Card>
    );
  }
}
