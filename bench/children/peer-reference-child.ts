/**
 * Bench child: the peer scenario's reference client (bench/peer-reference.ts) against the simulator
 * and the empty database named in the environment. Its libraries load before the clock starts, so
 * its wall time is the work alone, while the ETL's side is timed from spawn to exit: the comparison
 * leans towards the reference, never towards the ETL.
 */
import { runReferenceClient, type ReferenceInput, type ReferenceResult } from '../peer-reference.ts';
import { childInput, measureChild } from './child-measure.ts';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`peer-reference-child: ${name} is not set`);
  return value;
}

const input = childInput<ReferenceInput>();
const env = {
  apiUrl: required('UPTRENDS_API_URL'),
  username: required('UPTRENDS_USERNAME'),
  password: required('UPTRENDS_PASSWORD'),
  databaseUrl: required('DATABASE_URL'),
};
await measureChild<ReferenceResult>(() => runReferenceClient(input, env));
