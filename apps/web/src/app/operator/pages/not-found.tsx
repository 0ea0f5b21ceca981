import { NotFound } from '../../../components/not-found.tsx';
import { operatorPaths } from '../../../config/operator-paths.ts';

export default function ConsoleNotFoundRoute() {
  return <NotFound home={{ path: operatorPaths.dashboard, label: 'Back to the overview' }} />;
}
