import { useMatches } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import type { TeamIncomeKind } from '../../features/team-income/components/income-kinds.tsx';
import { TeamIncomeList } from '../../features/team-income/components/team-income-list.tsx';
import { screens, type ScreenKey } from '../screens.ts';

export type TeamIncomeHandle = { screen: ScreenKey; kind: TeamIncomeKind };

/** The five team-income screens: one list, told its kind by the route. */
export default function TeamIncomeRoute() {
  const { screen, kind } = useMatches().at(-1)?.handle as TeamIncomeHandle;
  return (
    <>
      <PageHeader title={screens[screen].title} subtitle={screens[screen].summary} />
      {/* Keyed by kind: moving between two of these screens must not show one kind's rows
          under the other's title while the new list loads. */}
      <TeamIncomeList key={kind} kind={kind} />
    </>
  );
}
