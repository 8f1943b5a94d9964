/** Ingestion reads `gas_reading` bodies with the parser the console shares (protocol/gasReading.ts). */
export { readGasReading } from '../../protocol/gasReading.ts';
export type { GasReading } from '../../protocol/gasReading.ts';
