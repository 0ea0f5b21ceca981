import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

type Props = Omit<ButtonProps, 'href'> & { to: string };

/** An MUI button that navigates inside the app without a full page load. */
export function LinkButton({ to, ...props }: Props) {
  return <Button component={RouterLink} to={to} {...props} />;
}
