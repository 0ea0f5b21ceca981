import { LinkButton } from '../../components/link-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { InvestmentList } from '../../features/packages/components/investment-list.tsx';
import { screens } from '../screens.ts';

export default function InvestmentsRoute() {
  return (
    <>
      <PageHeader
        title={screens.investments.title}
        subtitle={screens.investments.summary}
        actions={
          <LinkButton to={paths.packages} variant="outlined">
            Buy a package
          </LinkButton>
        }
      />
      <InvestmentList />
    </>
  );
}
