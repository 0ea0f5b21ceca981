import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleOperatorsRoute() {
  return <ConsolePageHeader screen="operators" />;
}
