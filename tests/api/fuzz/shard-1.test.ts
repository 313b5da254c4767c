import { describeRouteFuzz } from "./route-fuzz";

describeRouteFuzz({ shard: 1, shards: 4 });
