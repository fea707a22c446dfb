import type { RejectRegistrationInput } from '@rentwise/libs/schemas/registration-review.schema';
import { api } from '../../app/api';
import type { components } from '../../app/openapi';

type Schemas = components['schemas'];

/** A landlord's registration as the review queue shows it (GET /api/onboarding/registrations). */
export type RegistrationRow = Schemas['RegistrationRowDto'];
export type RegistrationStatus = RegistrationRow['status'];

export type RegistrationList = 'pending' | 'reviewed';

const LIST = { type: 'Registration', id: 'LIST' } as const;

export const operatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRegistrations: build.query<RegistrationRow[], RegistrationList>({
      query: (status) => `/onboarding/registrations?status=${status}`,
      transformResponse: (answer: Schemas['RegistrationListAnswer']) => answer.rows,
      providesTags: (rows = []) => [LIST, ...rows.map(({ registrationId }) => ({ type: 'Registration' as const, id: registrationId }))],
    }),
    approveRegistration: build.mutation<Schemas['RegistrationDone'], string>({
      query: (registrationId) => ({ url: `/onboarding/registrations/${encodeURIComponent(registrationId)}/approve`, method: 'POST' }),
      // A 409 means someone else reviewed it: refresh the queue then too.
      invalidatesTags: (_answer, error) => (!error || (error as { status?: unknown }).status === 409 ? [LIST] : []),
    }),
    rejectRegistration: build.mutation<Schemas['RegistrationDone'], { registrationId: string } & RejectRegistrationInput>({
      query: ({ registrationId, reason }) => ({
        url: `/onboarding/registrations/${encodeURIComponent(registrationId)}/reject`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_answer, error) => (!error || (error as { status?: unknown }).status === 409 ? [LIST] : []),
    }),
  }),
});

export const { useListRegistrationsQuery, useApproveRegistrationMutation, useRejectRegistrationMutation } = operatorApi;
