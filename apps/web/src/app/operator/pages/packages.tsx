import { can } from '@app/contracts';
import { useCurrentOperator } from '../../../features/operator-auth/api/operator-auth.ts';
import { PackageCatalogue } from '../../../features/operator-products/components/package-catalogue.tsx';
import { ConsolePageHeader } from '../console-page-header.tsx';

export default function ConsolePackagesRoute() {
  const operator = useCurrentOperator();
  return (
    <>
      <ConsolePageHeader screen="packages" />
      {operator && <PackageCatalogue canChange={can(operator.role, 'packages.manage')} />}
    </>
  );
}
