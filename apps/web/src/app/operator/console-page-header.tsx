import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import type { OperatorScreen } from '../../config/operator-paths.ts';
import { consoleScreens } from './console-screens.ts';

/** A console screen's h1 and subtitle from its entry in consoleScreens. */
export function ConsolePageHeader({
  screen,
  title,
  actions,
}: {
  screen: OperatorScreen;
  /** Replaces the screen's generic title, e.g. with the member's name. */
  title?: string;
  actions?: ReactNode;
}) {
  const entry = consoleScreens[screen];
  return <PageHeader title={title ?? entry.title} subtitle={entry.description} actions={actions} />;
}
