import { describeRouteFuzz } from "./route-fuzz";

describeRouteFuzz({ shard: 2, shards: 4 });
