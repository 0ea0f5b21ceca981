import { useMatches } from 'react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';
import type { ComingSoonHandle } from '../routes.tsx';
import { screens } from '../screens.ts';

export default function ComingSoonRoute() {
  const handle = useMatches().at(-1)?.handle as ComingSoonHandle;
  const screen = screens[handle.screen];
  return <ComingSoon title={screen.title} summary={screen.summary} />;
}
