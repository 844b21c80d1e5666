import { redirect } from 'react-router';

/** Spec §2: any unknown path redirects to /. */
export function loader() {
  throw redirect('/');
}

export default function CatchAll() {
  return null;
}
