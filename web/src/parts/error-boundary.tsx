/**
 * The last word on a page that failed while drawing (a mistake in the page,
 * or a page whose file cannot be fetched): the Problem said as every other,
 * with a button that reloads, rather than a blank page. The header stays, so
 * every other page is a click away.
 */
import { Component, type ComponentChildren } from 'preact';
import { ProblemNotice } from './notice.js';
import { Page } from './page.js';
import { Problem } from './problem.js';

export class ErrorBoundary extends Component<{ children: ComponentChildren }, { problem?: Problem }> {
  static getDerivedStateFromError(error: unknown) {
    return { problem: Problem.from(error) };
  }

  render() {
    if (!this.state.problem) return this.props.children;
    return (
      <Page title="This page failed">
        <ProblemNotice problem={this.state.problem} retry={() => location.reload()} />
      </Page>
    );
  }
}
