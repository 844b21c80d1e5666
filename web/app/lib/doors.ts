import { useEffect, useState } from 'react';
import type { CompanyDoor } from '@atelier/contract';
import { useSession } from './session.tsx';

/** The signed-in person's company's doors (none while they load, or when they cannot be read): where an order may go. */
export function useCompanyDoors(): CompanyDoor[] {
  const { api } = useSession();
  const [doors, setDoors] = useState<CompanyDoor[]>([]);
  useEffect(() => {
    let live = true;
    api('GET /account/doors')
      .then((res) => live && setDoors(res.data))
      .catch(() => live && setDoors([]));
    return () => {
      live = false;
    };
  }, [api]);
  return doors;
}
