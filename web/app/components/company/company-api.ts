import type { CompanyDoor, CompanyPerson, DoorInput, PersonInvite, PersonUpdate } from '@atelier/contract';
import { useMemo } from 'react';
import { useSession } from '../../lib/session.tsx';

/** A company's people and doors, read and changed by one of its admins (`/account/…`) or by the owner (`companyId`). */
export interface CompanyCalls {
  people(): Promise<CompanyPerson[]>;
  doors(): Promise<CompanyDoor[]>;
  invite(body: PersonInvite): Promise<CompanyPerson>;
  updatePerson(id: number, body: PersonUpdate): Promise<CompanyPerson>;
  removePerson(id: number): Promise<unknown>;
  addDoor(body: DoorInput): Promise<CompanyDoor>;
  updateDoor(id: number, body: DoorInput): Promise<CompanyDoor>;
  removeDoor(id: number): Promise<unknown>;
}

export function useCompanyCalls(companyId?: number): CompanyCalls {
  const { api } = useSession();
  return useMemo<CompanyCalls>(() => {
    if (companyId === undefined)
      return {
        people: async () => (await api('GET /account/people')).data,
        doors: async () => (await api('GET /account/doors')).data,
        invite: (body) => api('POST /account/people', { body }),
        updatePerson: (id, body) => api('PATCH /account/people/:id', { params: { id }, body }),
        removePerson: (id) => api('DELETE /account/people/:id', { params: { id } }),
        addDoor: (body) => api('POST /account/doors', { body }),
        updateDoor: (id, body) => api('PUT /account/doors/:id', { params: { id }, body }),
        removeDoor: (id) => api('DELETE /account/doors/:id', { params: { id } }),
      };
    const id = companyId;
    return {
      people: async () => (await api('GET /admin/companies/:id', { params: { id } })).people,
      doors: async () => (await api('GET /admin/companies/:id', { params: { id } })).doors,
      invite: (body) => api('POST /admin/companies/:id/people', { params: { id }, body }),
      updatePerson: (personId, body) => api('PATCH /admin/companies/:id/people/:personId', { params: { id, personId }, body }),
      removePerson: (personId) => api('DELETE /admin/companies/:id/people/:personId', { params: { id, personId } }),
      addDoor: (body) => api('POST /admin/companies/:id/doors', { params: { id }, body }),
      updateDoor: (doorId, body) => api('PUT /admin/companies/:id/doors/:doorId', { params: { id, doorId }, body }),
      removeDoor: (doorId) => api('DELETE /admin/companies/:id/doors/:doorId', { params: { id, doorId } }),
    };
  }, [api, companyId]);
}
