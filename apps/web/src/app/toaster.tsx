// Loaded after the first screen: the toast container and its stylesheet are needed only once
// something goes wrong or succeeds, and toasts raised before it mounts wait in
// react-toastify's queue. The app imports react-toastify's unstyled build (vite.config.ts),
// so these styles arrive as a stylesheet with this chunk instead of inside the first script.
import 'react-toastify/ReactToastify.css';
import './toaster.css';
import { ToastContainer } from 'react-toastify';
import { TOAST_DURATION_MS } from '../lib/toast.ts';

export default function Toaster() {
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_DURATION_MS}
      newestOnTop
      limit={4}
      theme="colored"
    />
  );
}
