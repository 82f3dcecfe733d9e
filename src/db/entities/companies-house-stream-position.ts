import { BigIntType, EntitySchema } from '@mikro-orm/core';

/**
 * The last Companies House stream event applied to the store, per stream. Written after each applied event;
 * reset by an operator's `streams reset`.
 */
export interface CompaniesHouseStreamPosition {
  stream: string;
  timepoint: number;
  /** The applied event's event.published_at as Companies House wrote it. */
  publishedAt: string | null;
  /** Set by an operator's reset: the timepoint the next connection asks for; cleared by the next applied event. */
  resumeFrom: number | null;
  updatedAt: Date;
}

export const CompaniesHouseStreamPositionEntity = new EntitySchema<CompaniesHouseStreamPosition>({
  name: 'CompaniesHouseStreamPosition',
  tableName: 'companies_house_stream_positions',
  properties: {
    stream: { type: 'string', primary: true },
    timepoint: { type: new BigIntType('number') },
    publishedAt: { type: 'string', fieldName: 'published_at', nullable: true },
    resumeFrom: { type: new BigIntType('number'), fieldName: 'resume_from', nullable: true },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
  },
});
