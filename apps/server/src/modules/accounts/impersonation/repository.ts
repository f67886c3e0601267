import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface ImpersonationTarget {
  id: number;
  company_id: number;
  email: string;
  role: string;
  active: boolean;
}

/** A user who can sign in: neither they nor their company deleted. */
export async function findTarget(db: Executor, userId: number): Promise<ImpersonationTarget | undefined> {
  const [row] = await queryRows<ImpersonationTarget>(db, sql`
    select u.id::int as id, u.company_id::int as company_id, u.email, u.role, u.active
    from users u join companies c on c.id = u.company_id
    where u.id = ${userId} and u.deleted_at is null and c.deleted_at is null`);
  return row;
}

