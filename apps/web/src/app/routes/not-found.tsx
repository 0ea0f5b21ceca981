import { NotFound } from '../../components/not-found.tsx';

export default function NotFoundRoute() {
  return <NotFound />;
}
