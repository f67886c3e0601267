import { ROLES, type Role } from '@cab/contract/roles';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { hashPassword } from '../../src/auth/passwords.js';
import { queryRows } from '../../src/db/client.js';
import { AuthService } from '../../src/modules/accounts/auth/service.js';
import { authServiceOf } from '../support/auth-service.js';
import { JWT_SECRET, post, type TestApp } from '../support/test-app.js';

export const DEMO_EMAIL: Record<Role, string> = {
  root: 'root@demo.local',
  admin: 'admin@demo.local',
  manager: 'manager@demo.local',
  viewer: 'viewer@demo.local',
  agent: 'agent@demo.local',
};

export const OTHER_ADMIN_EMAIL = 'admin@other.example';

export interface Caller {
  userId: number;
  companyId: number;
  role: Role;
}

/** Sessions are opened through the service, not /api/login, so the matrix is not rate-limited. */
export class Callers {
  private readonly auth: AuthService;
  readonly users = {} as Record<Role | 'other' | 'token', Caller>;
  private apiSecret = '';

  constructor(private readonly t: TestApp) {
    this.auth = authServiceOf(t);
  }

  async load(): Promise<void> {
    for (const role of ROLES) this.users[role] = await this.byEmail(DEMO_EMAIL[role]);
    this.users.other = await this.createOtherCompanyAdmin();
    // An API token of Demo Logistics, made by its admin the way the cabinet makes one.
    const created = await post(this.t.app, '/api/tokens/create', { name: 'access matrix' }, { token: await this.session('admin') });
    this.apiSecret = created.json<{ result: { secret: string } }>().result.secret;
    this.users.token = { ...this.users.admin, role: 'manager' };
  }

  /** A new session of the caller: destructive calls (logout, revoke others) get one each. */
  async session(who: Role | 'other' | 'token'): Promise<string> {
    if (who === 'token') return this.apiSecret;
    const user = this.users[who];
    const pair = await this.auth.startSession({ ...user, impersonatorId: null }, { ip: '127.0.0.1', userAgent: 'access-matrix' });
    return pair.token;
  }

  /** A token whose signature is right but whose `exp` has passed. */
  async expired(): Promise<string> {
    const token = await this.session('viewer');
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    return new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(JWT_SECRET));
  }

  private async byEmail(email: string): Promise<Caller> {
    const [row] = await queryRows<{ id: number; company_id: number; role: Role }>(this.t.database.db, sql`
      select id::int as id, company_id::int as company_id, role from users where email = ${email}`);
    if (!row) throw new Error(`no user ${email}`);
    return { userId: row.id, companyId: row.company_id, role: row.role };
  }

  /** An unrelated tenant: its admin must never see Demo Logistics' objects. */
  private async createOtherCompanyAdmin(): Promise<Caller> {
    const db = this.t.database.db;
    const [company] = await queryRows<{ id: number }>(db, sql`
      insert into companies (name, tax_number, contract, billing_type) values ('Other Co', '9900000001', 'X-1', 1) returning id::int as id`);
    const hash = await hashPassword('other-password');
    await db.execute(sql`
      insert into users (company_id, email, password_hash, first_name, last_name, role)
      values (${company?.id}, ${OTHER_ADMIN_EMAIL}, ${hash}, 'Oscar', 'Other', 'admin')`);
    return this.byEmail(OTHER_ADMIN_EMAIL);
  }
}
