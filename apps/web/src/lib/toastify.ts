// react-toastify's toast, for lib/toast.ts to load when the first toast comes: a module of its
// own, which the build puts in the toaster's chunk beside the container (vite.config.ts).
export { toast } from 'react-toastify';
