import { redirect } from 'react-router';

/** Spec §2: /admin redirects to /admin/products. */
export function loader() {
  throw redirect('/admin/products');
}

export default function AdminIndex() {
  return null;
}
