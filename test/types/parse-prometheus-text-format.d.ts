/** Types of parse-prometheus-text-format (the package ships none): the Prometheus text format as JSON, prom2json's shape. */
declare module 'parse-prometheus-text-format' {
  /** A counter, gauge or untyped sample. */
  export interface Sample {
    value: string;
    labels?: Record<string, string>;
  }
  /** A histogram's series: cumulative bucket counts by upper bound (`le`). */
  export interface HistogramSample {
    buckets: Record<string, string>;
    count: string;
    sum: string;
    labels?: Record<string, string>;
  }
  /** One metric family. */
  export interface MetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: (Sample | HistogramSample)[];
  }
  /** Parses a scrape. @throws on malformed text */
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
