import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsoleTicketsRoute() {
  return <ConsolePageHeader screen="tickets" />;
}
